import { useEffect, useState } from 'react';
import { Button, CloseButton, Drawer, Field, HStack, Input, Portal, Slider, Stack, Switch, Text } from '@chakra-ui/react';
import { REWARD_MAX, REWARD_MIN } from '../constants';
import type { TaskFilters } from '../filters';
import { parseReward, rangeFromScale, rangeOnScale, sliderScale, type RewardBounds } from '../reward-range';
import { DrawerRoot } from '@/components/ui/drawer';
import { SliderRoot } from '@/components/ui/slider';
import { SwitchRoot } from '@/components/ui/switch';

/**
 * The "Advanced Filters" side sheet: the reward range (a slider scaled to the rewards that exist, and number
 * inputs for exact values) and the available-only switch.
 */
export function AdvancedFilters({
  open,
  onClose,
  filters,
  onChange,
  bounds,
}: {
  open: boolean;
  onClose(): void;
  filters: TaskFilters;
  onChange(change: Partial<TaskFilters>): void;
  bounds: RewardBounds | null | undefined;
}) {
  const scale = sliderScale(bounds);
  const [range, setRange] = useState(() => rangeOnScale(filters.minReward, filters.maxReward, scale));
  // The URL (a chip removed, "Clear all", the bounds arriving) moves the thumbs.
  useEffect(() => {
    setRange(rangeOnScale(filters.minReward, filters.maxReward, scale));
  }, [filters.minReward, filters.maxReward, scale.min, scale.max, scale.step]); // eslint-disable-line react-hooks/exhaustive-deps
  // What the person is typing in a number input, until it is committed (blur or Enter); else the range shows.
  const [draft, setDraft] = useState<{ min?: string; max?: string }>({});
  const minText = draft.min ?? String(range[0]);
  const maxText = draft.max ?? String(range[1]);
  const commitTyped = () => {
    setDraft({});
    const lo = parseReward(minText) ?? range[0];
    const hi = parseReward(maxText) ?? range[1];
    const [a, b] = lo <= hi ? [lo, hi] : [hi, lo];
    // A typed value is exact; only the scale's own ends mean "no bound".
    onChange({ minReward: a <= scale.min ? REWARD_MIN : a, maxReward: b >= scale.max ? REWARD_MAX : b });
  };
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') commitTyped();
  };
  return (
    <DrawerRoot open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Advanced Filters</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="8">
                <Stack gap="3">
                  <Text fontWeight="semibold">Reward range (CENTS)</Text>
                  <SliderRoot
                    min={scale.min}
                    max={scale.max}
                    step={scale.step}
                    value={range}
                    minStepsBetweenThumbs={0}
                    aria-label={['Minimum reward', 'Maximum reward']}
                    onValueChange={(e) => setRange([e.value[0], e.value[1]])}
                    onValueChangeEnd={(e) => onChange(rangeFromScale(e.value, scale))}
                  >
                    <Slider.Control>
                      <Slider.Track>
                        <Slider.Range />
                      </Slider.Track>
                      <Slider.Thumbs />
                    </Slider.Control>
                  </SliderRoot>
                  <HStack gap="3" align="flex-end">
                    <Field.Root>
                      <Field.Label fontSize="sm">Min reward</Field.Label>
                      <Input type="number" inputMode="numeric" min={REWARD_MIN} max={REWARD_MAX} step={1} value={minText}
                        onChange={(e) => setDraft((d) => ({ ...d, min: e.target.value }))} onBlur={commitTyped} onKeyDown={onEnter} />
                    </Field.Root>
                    <Text pb="2" aria-hidden="true">–</Text>
                    <Field.Root>
                      <Field.Label fontSize="sm">Max reward</Field.Label>
                      <Input type="number" inputMode="numeric" min={REWARD_MIN} max={REWARD_MAX} step={1} value={maxText}
                        onChange={(e) => setDraft((d) => ({ ...d, max: e.target.value }))} onBlur={commitTyped} onKeyDown={onEnter} />
                    </Field.Root>
                  </HStack>
                  {bounds && (
                    <Text fontSize="sm" color="gray.700">
                      Listed tasks pay {bounds.min}–{bounds.max} CENTS.
                    </Text>
                  )}
                </Stack>
                <SwitchRoot checked={filters.available} onCheckedChange={(e) => onChange({ available: e.checked })}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>Show available tasks only</Switch.Label>
                </SwitchRoot>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button variant="outline" onClick={() => onChange({ minReward: REWARD_MIN, maxReward: REWARD_MAX, available: true })}>
                Reset
              </Button>
              <Button onClick={onClose}>Done</Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close filters" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </DrawerRoot>
  );
}
