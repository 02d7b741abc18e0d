/** Decorative icons; hidden from assistive technology because the text beside them says it all. */

/** Back arrow of the back button: points left, and right in a right-to-left widget (`.ae-flip-rtl`). */
export function BackArrowIcon() {
  return (
    <svg className="ae-flip-rtl" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" fill="currentColor" />
    </svg>
  );
}

/** Green check of the success screens (colour from --auth-color-success). */
export function CheckIcon() {
  return (
    <svg className="ae-check" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="currentColor" />
      <path d="M18 33l9 9 19-19" fill="none" stroke="#FFFFFF" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
