import { useState } from 'react';
import { Button, CloseButton, Drawer, HStack, Portal, Slider, Stack, Switch, Text } from '@chakra-ui/react';
import { formatCent } from '@/lib/money';
import { REWARD_MAX, REWARD_MIN, REWARD_STEP } from '../constants';
import type { TaskFilters } from '../filters';
import { DrawerRoot } from '@/components/ui/drawer';
import { SliderRoot } from '@/components/ui/slider';
import { SwitchRoot } from '@/components/ui/switch';

/** The "Advanced Filters" side sheet: reward range (0–100000, step 100) and the available-only switch. */
export function AdvancedFilters({
  open,
  onClose,
  filters,
  onChange,
}: {
  open: boolean;
  onClose(): void;
  filters: TaskFilters;
  onChange(change: Partial<TaskFilters>): void;
}) {
  const [range, setRange] = useState([filters.minReward, filters.maxReward]);
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
                    min={REWARD_MIN}
                    max={REWARD_MAX}
                    step={REWARD_STEP}
                    value={range}
                    minStepsBetweenThumbs={0}
                    aria-label={['Minimum reward', 'Maximum reward']}
                    onValueChange={(e) => setRange(e.value)}
                    onValueChangeEnd={(e) => onChange({ minReward: e.value[0], maxReward: e.value[1] })}
                  >
                    <Slider.Control>
                      <Slider.Track>
                        <Slider.Range />
                      </Slider.Track>
                      <Slider.Thumbs />
                    </Slider.Control>
                  </SliderRoot>
                  <HStack justify="space-between" fontSize="sm" color="gray.700">
                    <Text>Min: {formatCent(range[0])}</Text>
                    <Text>Max: {formatCent(range[1])}</Text>
                  </HStack>
                </Stack>
                <SwitchRoot checked={filters.available} onCheckedChange={(e) => onChange({ available: e.checked })}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>Show available tasks only</Switch.Label>
                </SwitchRoot>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button
                variant="outline"
                onClick={() => {
                  setRange([REWARD_MIN, REWARD_MAX]);
                  onChange({ minReward: REWARD_MIN, maxReward: REWARD_MAX, available: true });
                }}
              >
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
