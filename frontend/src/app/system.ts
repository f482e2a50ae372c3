import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
// One file each, never the '@chakra-ui/react/theme' barrel (it drags in every recipe; vite.config.ts).
import { animationStyles } from 'chakra-theme/motion-styles';
import { breakpoints } from 'chakra-theme/breakpoints';
import { globalCss } from 'chakra-theme/global-css';
import { layerStyles } from 'chakra-theme/layer-styles';
import { textStyles } from 'chakra-theme/text-styles';
import { semanticColors } from 'chakra-theme/semantic-tokens/colors';
import { semanticRadii } from 'chakra-theme/semantic-tokens/radii';
import { semanticShadows } from 'chakra-theme/semantic-tokens/shadows';
import { animations } from 'chakra-theme/tokens/animations';
import { aspectRatios } from 'chakra-theme/tokens/aspect-ratios';
import { blurs } from 'chakra-theme/tokens/blurs';
import { borders } from 'chakra-theme/tokens/borders';
import { colors } from 'chakra-theme/tokens/colors';
import { cursor } from 'chakra-theme/tokens/cursor';
import { durations } from 'chakra-theme/tokens/durations';
import { easings } from 'chakra-theme/tokens/easings';
import { fontSizes } from 'chakra-theme/tokens/font-sizes';
import { fontWeights } from 'chakra-theme/tokens/font-weights';
import { fonts } from 'chakra-theme/tokens/fonts';
import { keyframes } from 'chakra-theme/tokens/keyframes';
import { letterSpacings } from 'chakra-theme/tokens/letter-spacing';
import { lineHeights } from 'chakra-theme/tokens/line-heights';
import { radii } from 'chakra-theme/tokens/radius';
import { sizes } from 'chakra-theme/tokens/sizes';
import { spacing } from 'chakra-theme/tokens/spacing';
import { zIndices } from 'chakra-theme/tokens/z-indices';
import { badgeRecipe } from 'chakra-theme/recipes/badge';
import { buttonRecipe } from 'chakra-theme/recipes/button';
import { headingRecipe } from 'chakra-theme/recipes/heading';
import { inputRecipe } from 'chakra-theme/recipes/input';
import { linkRecipe } from 'chakra-theme/recipes/link';
import { skeletonRecipe } from 'chakra-theme/recipes/skeleton';
import { spinnerRecipe } from 'chakra-theme/recipes/spinner';
import { textareaRecipe } from 'chakra-theme/recipes/textarea';
import { cardSlotRecipe } from 'chakra-theme/recipes/card';
import { fieldSlotRecipe } from 'chakra-theme/recipes/field';
import { toastSlotRecipe } from 'chakra-theme/recipes/toast';

/**
 * Chakra's base config plus only the recipes the first paint needs (TOOLCHAIN: the full default config costs
 * ~20 kB gzip more in the entry chunk). Every other component takes its recipe where it is rendered, in a
 * lazy chunk: the `…Root` snippets in src/components/ui (DialogRoot, DrawerRoot, TabsRoot, …). A component
 * whose recipe is in neither place renders unstyled.
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: { colorPalette: 'purple' },
    body: { bg: 'gray.50', color: 'gray.900' },
    // People's text (titles, descriptions, proofs, usernames) may be one unbroken run of characters: it wraps
    // where it must instead of widening the page (a 300-character title pushed phones 4,000 px sideways). One
    // rule for every screen: `anywhere`, unlike the preflight's `break-word` on paragraphs and headings, also
    // lets flex and grid items shrink below such a word.
    'body, p, h1, h2, h3, h4, h5, h6': { overflowWrap: 'anywhere' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios, animations, blurs, borders, colors, durations, easings, fonts, fontSizes, fontWeights,
      letterSpacings, lineHeights, radii, spacing, sizes, zIndex: zIndices, cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe,
      skeleton: skeletonRecipe, spinner: spinnerRecipe, textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      // The recipe's error red on white is below WCAG AA for small text (axe in the journeys).
      field: { ...fieldSlotRecipe, base: { ...fieldSlotRecipe.base, errorText: { ...fieldSlotRecipe.base?.errorText, color: 'red.700' } } },
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, theme));
