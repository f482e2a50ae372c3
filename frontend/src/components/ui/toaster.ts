import { createToaster } from '@chakra-ui/react';

/**
 * Spec §9: one toast visible at a time (a new one replaces the current one, as the original's limit of 1
 * did); swiping it 50 px to the right dismisses it (toaster-view.tsx). Only the store is here; its view is
 * a lazy chunk mounted after the first paint (entry bundle budget).
 */
export const toaster = createToaster({ placement: 'bottom-end', max: 1, pauseOnPageIdle: true, duration: 5000 });

const show = toaster.create.bind(toaster);
toaster.create = (options) => {
  toaster.dismiss();
  return show(options);
};

/**
 * The toasts' region, for dialogs and drawers (`persistentElements`): a toast shown over an open dialog stays
 * clickable, and closing it neither counts as a click outside the dialog nor closes it.
 */
export const toastRegion = (): Element | null => document.querySelector('[data-scope="toast"][data-part="group"]');
