import type { ReactNode } from 'react';
import './icons.css';

/** Small line icons, drawn in the current text colour; decorative (the controls carry the names). */
function Icon({ name, size = 16, children }: { name?: string; size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.3}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      className={name ? `icon icon-${name}` : 'icon'}
    >
      {children}
    </svg>
  );
}

export const ContainerIcon = () => (
  <Icon name="container">
    <path d="M2.5 4.5h11v8a1 1 0 0 1-1 1h-9a1 1 0 0 1-1-1z" />
    <path d="M1.8 2.5h12.4v2H1.8z" />
    <path d="M6.5 7.5h3" />
  </Icon>
);

export const FolderIcon = () => (
  <Icon name="folder">
    <path d="M1.5 4a1 1 0 0 1 1-1h3.3l1.5 1.5h6.2a1 1 0 0 1 1 1V12a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z" />
  </Icon>
);

export const FileIcon = () => (
  <Icon name="file">
    <path d="M4 1.5h5l3 3v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-11a1 1 0 0 1 1-1z" />
    <path d="M9 1.5v3h3" />
  </Icon>
);

export const ChevronIcon = () => (
  <Icon name="chevron" size={12}>
    <path d="M6 3.5 10.5 8 6 12.5" />
  </Icon>
);

export const PlusIcon = () => (
  <Icon>
    <path d="M8 3v10M3 8h10" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon>
    <path d="M2.5 4.5h11M6 4.5V3h4v1.5M4 4.5l.7 9h6.6l.7-9" />
  </Icon>
);
