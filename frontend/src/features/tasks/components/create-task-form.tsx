import { Button, Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { SUBMISSION_TYPE_LABELS, TASK_CATEGORIES } from '../constants';
import { maxDeadline, minDeadline, taskDefaults, taskSchema, type TaskFormValues } from '../task-schema';
import { CheckboxRoot } from '@/components/ui/checkbox';
import { NativeSelectRoot } from '@/components/ui/native-select';

type Props = { onSubmit(values: TaskFormValues): Promise<void>; onCancel(): void };

/** Spec part 1 "Create Task dialog" fields with on-blur Yup validation, plus the deadline the server requires. */
export function CreateTaskForm({ onSubmit, onCancel }: Props) {
  const form = useFormik<TaskFormValues>({
    initialValues: taskDefaults(),
    validationSchema: taskSchema,
    validateOnBlur: true,
    validateOnChange: false,
    onSubmit,
  });
  const err = (name: keyof TaskFormValues) => (form.touched[name] && form.errors[name] ? String(form.errors[name]) : undefined);
  const field = (name: keyof TaskFormValues) => ({ name, value: String(form.values[name]), onChange: form.handleChange, onBlur: form.handleBlur });

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Create task">
      <Stack gap="4">
        <Field.Root invalid={!!err('title')} required>
          <Field.Label>Title</Field.Label>
          <Input {...field('title')} placeholder="What needs to be done?" />
          <Field.HelperText>Up to 100 characters</Field.HelperText>
          <Field.ErrorText>{err('title')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!err('description')} required>
          <Field.Label>Description</Field.Label>
          <Textarea {...field('description')} rows={3} />
          <Field.ErrorText>{err('description')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!err('requirements')} required>
          <Field.Label>Requirements</Field.Label>
          <Textarea {...field('requirements')} rows={3} />
          <Field.ErrorText>{err('requirements')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!err('category')} required>
            <Field.Label>Category</Field.Label>
            <NativeSelectRoot>
              <NativeSelect.Field {...field('category')}>
                {TASK_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelectRoot>
            <Field.ErrorText>{err('category')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('submissionType')} required>
            <Field.Label>Submission type</Field.Label>
            <NativeSelectRoot>
              <NativeSelect.Field {...field('submissionType')}>
                {Object.entries(SUBMISSION_TYPE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelectRoot>
            <Field.ErrorText>{err('submissionType')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('reward')} required>
            <Field.Label>Reward (CENTS per completion)</Field.Label>
            <Input {...field('reward')} inputMode="numeric" />
            <Field.ErrorText>{err('reward')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('maxCompletions')} required>
            <Field.Label>Max completions</Field.Label>
            <Input {...field('maxCompletions')} inputMode="numeric" />
            <Field.ErrorText>{err('maxCompletions')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('estimatedTime')} required>
            <Field.Label>Estimated time (minutes)</Field.Label>
            <Input {...field('estimatedTime')} inputMode="numeric" />
            <Field.ErrorText>{err('estimatedTime')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('deadline')} required>
            <Field.Label>Deadline</Field.Label>
            <Input {...field('deadline')} type="date" min={minDeadline()} max={maxDeadline()} />
            <Field.ErrorText>{err('deadline')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('reviewWithinHours')} required>
            <Field.Label>Auto-approve after (hours)</Field.Label>
            <Input {...field('reviewWithinHours')} inputMode="numeric" />
            <Field.HelperText>Submissions you have not reviewed by then are approved and paid automatically (1 hour to 30 days)</Field.HelperText>
            <Field.ErrorText>{err('reviewWithinHours')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <CheckboxRoot checked={form.values.isActive} onCheckedChange={(e) => void form.setFieldValue('isActive', e.checked === true)}>
          <Checkbox.HiddenInput name="isActive" />
          <Checkbox.Control />
          <Checkbox.Label>Make task active immediately</Checkbox.Label>
        </CheckboxRoot>
        <HStack justify="flex-end" gap="3" pt="2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting} loadingText="Creating...">
            Create Task
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
