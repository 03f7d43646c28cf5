/**
 * The props the route table (routes.ts) gives what it draws. They live here, not in routes.ts, because routes.ts
 * loads every page and modal: a page or modal that imported its props from there would close an import circle.
 */
export interface PageProps {
  /** The route's translated title. */
  title: string;
}

export interface ModalProps {
  /** Closes the modal by going to the parent page. */
  onClose: () => void;
}
