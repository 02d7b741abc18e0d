/** Main (SPEC §2 "Main screen"): banner, logo, header, then the configured method forms. */
import { configProblem } from '../config.ts';
import { useWidget } from '../context.ts';
import { EmailOTPForm } from '../otps/EmailOTPForm.tsx';
import { hideHeaderText, safeLogoUrl } from '../theme.ts';

/** The Main screen. */
export function MainScreen() {
  const { config, styles, strings, state } = useWidget();
  const logo = safeLogoUrl(styles);
  const problem = configProblem(config);
  const hasEmailOtp = config.products.includes('otp') && config.otpMethods.includes('email');
  return (
    <>
      {state.errorDescriptor && (
        <div className="ae-banner" role="alert" part="banner">
          {state.errorDescriptor.text}
        </div>
      )}
      {logo && <img className="ae-logo" part="logo" src={logo} alt={strings['main.logoAlt']} />}
      {!hideHeaderText(styles) && (
        <h1 className="ae-header" tabIndex={-1}>
          {strings['main.header']}
        </h1>
      )}
      {problem ? (
        <p className="ae-error" role="alert">
          {strings[problem]}
        </p>
      ) : (
        hasEmailOtp && <EmailOTPForm />
      )}
    </>
  );
}
