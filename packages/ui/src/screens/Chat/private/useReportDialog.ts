import { useState } from 'react';

export interface ReportDialogState {
  isOpen: boolean;
  /** The conversation menu's Report. */
  open: () => void;
  close: () => void;
}

/** Whether the open private chat's Report dialog is showing (opened from the conversation menu). */
export function useReportDialog(): ReportDialogState {
  const [isOpen, setIsOpen] = useState(false);
  return { isOpen, open: () => setIsOpen(true), close: () => setIsOpen(false) };
}
