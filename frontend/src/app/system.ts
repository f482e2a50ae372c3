import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  animationStyles, breakpoints, globalCss, keyframes, layerStyles, semanticTokens, textStyles, tokens,
  badgeRecipe, buttonRecipe, headingRecipe, inputRecipe, linkRecipe, separatorRecipe, skeletonRecipe, spinnerRecipe,
  textareaRecipe, checkmarkRecipe, iconRecipe, containerRecipe,
  alertSlotRecipe, avatarSlotRecipe, cardSlotRecipe, checkboxSlotRecipe, dialogSlotRecipe, drawerSlotRecipe,
  fieldSlotRecipe, menuSlotRecipe, nativeSelectSlotRecipe, progressSlotRecipe, sliderSlotRecipe, switchSlotRecipe,
  tabsSlotRecipe, toastSlotRecipe, stepsSlotRecipe, emptyStateSlotRecipe, tableSlotRecipe, statSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's base config plus only the recipes this app renders (TOOLCHAIN: the full default config costs
 * ~20 kB gzip more in the entry chunk). A component whose recipe is missing renders unstyled: add its recipe here.
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: { colorPalette: 'purple' },
    body: { bg: 'gray.50', color: 'gray.900' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe,
      separator: separatorRecipe, skeleton: skeletonRecipe, spinner: spinnerRecipe, textarea: textareaRecipe,
      checkmark: checkmarkRecipe, icon: iconRecipe, container: containerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe, avatar: avatarSlotRecipe, card: cardSlotRecipe, checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe, drawer: drawerSlotRecipe, field: fieldSlotRecipe, menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe, progress: progressSlotRecipe, slider: sliderSlotRecipe,
      switch: switchSlotRecipe, tabs: tabsSlotRecipe, toast: toastSlotRecipe, steps: stepsSlotRecipe,
      emptyState: emptyStateSlotRecipe, table: tableSlotRecipe, stat: statSlotRecipe,
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, theme));
