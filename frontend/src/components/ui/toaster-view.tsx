import { useRef, type PointerEvent } from 'react';
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toaster';

const SWIPE_DISMISS_PX = 50;
const DRAG_START_PX = 5;

/**
 * Swipe right to dismiss (spec §9). The pointer is captured only once a drag has started: capturing on
 * pointerdown would retarget the click to the toast root, and the close button would never receive it.
 */
function useSwipeToDismiss(id: string | undefined) {
  const start = useRef<number | null>(null);
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const dx = Math.max(0, e.clientX - start.current);
    if (dx > DRAG_START_PX && !e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.style.transform = `translateX(${dx}px)`;
  };
  const end = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    e.currentTarget.style.transform = '';
    if (dx > SWIPE_DISMISS_PX && id) toaster.dismiss(id);
  };
  return {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      // A press on the close or action button is a click, not the start of a swipe.
      start.current = (e.target as Element).closest('button') ? null : e.clientX;
    },
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: end,
  };
}

function ToastItem({ toast }: { toast: Parameters<Parameters<typeof ChakraToaster>[0]['children']>[0] }) {
  const swipe = useSwipeToDismiss(toast.id);
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      maxW={{ md: '420px' }}
      style={{ touchAction: 'pan-y' }}
      // Darker than the recipe's colours: white text on them passes WCAG AA contrast (axe in the journeys).
      css={{ '&[data-type=success]': { bg: 'green.700' }, '&[data-type=error]': { bg: 'red.700' }, '&[data-type=warning]': { bg: 'orange.700' } }}
      {...swipe}
    >
      {toast.type === 'loading' ? <Spinner size="sm" color="purple.solid" /> : <Toast.Indicator />}
      <Stack gap="1" flex="1" maxWidth="100%">
        {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
        {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
      </Stack>
      {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
      <Toast.CloseTrigger />
    </Toast.Root>
  );
}

export default function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => <ToastItem toast={toast} />}
      </ChakraToaster>
    </Portal>
  );
}
