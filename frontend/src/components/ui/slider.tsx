import { Slider } from '@chakra-ui/react';
import { sliderSlotRecipe } from 'chakra-theme/recipes/slider';

/**
 * `Slider.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Slider`.
 */
export function SliderRoot(props: Slider.RootProps) {
  return <Slider.Root recipe={sliderSlotRecipe} {...props} />;
}
