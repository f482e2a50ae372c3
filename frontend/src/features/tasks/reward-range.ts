import { REWARD_MAX, REWARD_MIN } from './constants';

/** The lowest and highest reward among listed tasks (whole CENT), or null when nothing is listed. */
export interface RewardBounds {
  min: number;
  max: number;
}

export interface SliderScale {
  min: number;
  max: number;
  step: number;
}

/**
 * The reward slider's scale from the rewards that exist (issue 21: it ran 0–100,000 in steps of 100 while tasks
 * paid 30–300). A step that gives roughly 100+ positions over the range; bounds rounded outwards to the step.
 * Without data, the spec's full range.
 */
export function sliderScale(bounds: RewardBounds | null | undefined): SliderScale {
  if (!bounds) return { min: REWARD_MIN, max: REWARD_MAX, step: 100 };
  const lo = Math.max(REWARD_MIN, Math.min(bounds.min, bounds.max));
  const hi = Math.min(REWARD_MAX, Math.max(bounds.min, bounds.max));
  const span = hi - lo;
  const step = [1, 5, 10, 50, 100, 500, 1000].find((s) => span / s <= 200) ?? 1000;
  let min = Math.floor(lo / step) * step;
  let max = Math.ceil(hi / step) * step;
  // One reward only: a one-step scale (a slider needs two distinct ends), inside the spec's range.
  if (max === min) {
    if (min + step <= REWARD_MAX) max = min + step;
    else min = max - step;
  }
  return { min, max, step };
}

/** The filter's range shown on the scale: an open end sits at the scale's end. */
export function rangeOnScale(minReward: number, maxReward: number, scale: SliderScale): [number, number] {
  const clamp = (v: number) => Math.min(scale.max, Math.max(scale.min, v));
  return [minReward === REWARD_MIN ? scale.min : clamp(minReward), maxReward === REWARD_MAX ? scale.max : clamp(maxReward)];
}

/** A slider position back to the filter: a thumb at the scale's end means "no bound" there, not a filter. */
export function rangeFromScale([lo, hi]: number[], scale: SliderScale): { minReward: number; maxReward: number } {
  return { minReward: lo <= scale.min ? REWARD_MIN : lo, maxReward: hi >= scale.max ? REWARD_MAX : hi };
}

/** A typed reward (number input) as a filter bound: whole CENT within the spec's range, or null if not a number. */
export function parseReward(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  return Math.min(REWARD_MAX, Math.max(REWARD_MIN, Number(text)));
}
