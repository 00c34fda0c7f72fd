/** The few line icons of the pages, drawn inline (an icon font or package would cost more). */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const ChevronLeft = () => (
  <Icon>
    <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
  </Icon>
);

export const ChevronRight = () => (
  <Icon>
    <path d="M9 5l7 7-7 7" strokeLinecap="round" strokeLinejoin="round" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 9.5v5l4.5-2.5z" fill="currentColor" stroke="none" />
  </Icon>
);

export const DocumentIcon = () => (
  <Icon>
    <path d="M7 3h7l5 5v13H7z" strokeLinejoin="round" />
    <path d="M14 3v5h5" strokeLinejoin="round" />
  </Icon>
);

export const DownloadIcon = () => (
  <Icon>
    <path d="M12 4v11m-5-5l5 5 5-5M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
  </Icon>
);
