/** Promoted to the shared components (issue 27): the cart keeps its import path. */
export { useToast } from '#web/components/toast';
