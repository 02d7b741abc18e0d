/** The 'or' divider between Main's groups (docs/reference/elements/auth-login.md#main-screen "Main screen": buttons, an 'or' divider, the form). */
import { useWidget } from '../context.ts';

/** The 'or' divider. */
export function OrDivider() {
  const { strings } = useWidget();
  return (
    <div className="ae-divider" part="divider">
      <span>{strings['main.or']}</span>
    </div>
  );
}
