/**
 * A screen's title. Its level is the host's `config.headingLevel` (1-6, default 1): the widget is
 * usually the one thing on a sign-in page, so its title is that page's h1; a host that embeds it
 * under its own h1 sets 2 (or deeper) so the page keeps one outline (issue 17 defect 7, WCAG 1.3.1).
 * It takes focus on a screen change (LoginWidget's focus rule), hence tabIndex -1.
 */
import type { ReactNode } from 'react';
import { useWidget } from '../context.ts';

/** Props of {@link Heading}. */
export interface HeadingProps {
  children?: ReactNode;
  id?: string;
  /** The `part` names (docs/reference/house-style.md#tests); default `heading`. */
  part?: string;
}

/** The screen title at the configured level. */
export function Heading({ children, id, part = 'heading' }: HeadingProps) {
  const { config } = useWidget();
  const Tag = `h${config.headingLevel ?? 1}` as 'h1';
  return (
    <Tag className="ae-header" part={part} id={id} tabIndex={-1}>
      {children}
    </Tag>
  );
}
