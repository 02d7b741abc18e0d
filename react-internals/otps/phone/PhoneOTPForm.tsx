/** Main-screen phone form of the SMS and WhatsApp OTP products (docs/reference/methods/otps.md#screens "Text and WhatsApp"). */
import { type ChangeEvent, type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { activeElementOf } from '../../../sdk-core/dom.ts';
import { Button } from '../../components/Button.tsx';
import { useSendingIndicator } from '../../components/sending.ts';
import { useWidget } from '../../context.ts';
import { localeOf } from '../../text.ts';
import { otpSentEvent } from '../channels.ts';
import { codeScreenReady } from '../lazy.ts';
import { otpSendOptions, sendOtp } from '../send.ts';
import { DEFAULT_REGION, dialCodeOf, regionOptions } from './calling-codes.ts';
import { CountryCombobox } from './CountryCombobox.tsx';
import {
  caretAfterDigits,
  deleteThroughFormatting,
  digitsBefore,
  formatPhone,
  LatestOnly,
  loadPhoneParser,
  type ParserLoader,
  validatePhone,
} from './parse.ts';

/** Props of the phone form. */
export interface PhoneOTPFormProps {
  /** Channel the code goes out on. */
  channel: 'sms' | 'whatsapp';
  /** Parser loader (tests inject a slow or failing one); default: libphonenumber-js, lazily. */
  loadParser?: ParserLoader;
}

// Region names are the same for every form of a locale: build the ~245 options once.
const optionsByLocale = new Map<string, ReturnType<typeof regionOptions>>();
const optionsFor = (locale: string) => {
  let list = optionsByLocale.get(locale);
  if (!list) {
    list = regionOptions(locale);
    optionsByLocale.set(locale, list);
  }
  return list;
};

/** Country selector, phone field and Continue; on success the widget moves to OTPAuthenticate. */
export function PhoneOTPForm({ channel, loadParser = loadPhoneParser }: PhoneOTPFormProps) {
  const { client, config, strings, clock, dispatch, emit, reportError } = useWidget();
  const [region, setRegion] = useState(DEFAULT_REGION);
  const [phone, setPhone] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where the caret goes after the next value change (digits before it), kept across a re-format.
  const pendingCaret = useRef<number | null>(null);
  // One guard for display formatting, one for validation: any edit makes both stale.
  const formatting = useRef(new LatestOnly()).current;
  const validating = useRef(new LatestOnly()).current;
  const mounted = useRef(true);
  const countryId = useId();
  const inputId = useId();
  const errorId = useId();
  useSendingIndicator(submitting);
  // Country names in the widget's language (Intl.DisplayNames), whatever otpOptions.locale says.
  const locale = localeOf(strings);
  const options = optionsFor(locale);
  const dialCode = dialCodeOf(region) ?? '1';

  useEffect(() => {
    mounted.current = true;
    // Start fetching the parser now, so it is usually ready by the first keystroke.
    loadParser().catch(() => undefined);
    return () => {
      mounted.current = false;
    };
  }, [loadParser]);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCaret.current === null || !input) return;
    // Only move a caret the user is using (the input focused in its own root, shadow or document).
    if (activeElementOf(input.getRootNode() as Document | ShadowRoot) !== input) return;
    const at = caretAfterDigits(phone, pendingCaret.current);
    input.setSelectionRange(at, at);
  }, [phone]);

  /** Shows `value` now and re-formats it when the parser answers (if nothing newer came since). */
  const update = (value: string, forRegion: string, caretDigits: number | null) => {
    setPhone(value);
    pendingCaret.current = caretDigits;
    validating.invalidate();
    const ticket = formatting.begin();
    void formatPhone(value, forRegion, loadParser, clock).then((formatted) => {
      // docs/reference/methods/otps.md#validation: stale results ignored.
      if (!mounted.current || !formatting.isCurrent(ticket) || formatted === null) return;
      setPhone(formatted);
    });
  };

  const onPhoneChange = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const caret = input.selectionStart ?? input.value.length;
    const forward = (e.nativeEvent as InputEvent).inputType === 'deleteContentForward';
    const { value, caret: at } = deleteThroughFormatting(phone, input.value, caret, forward);
    if (invalid) setInvalid(false);
    update(value, region, digitsBefore(value, at));
  };

  const onRegionChange = (next: string) => {
    setRegion(next);
    if (invalid) setInvalid(false);
    update(phone, next, null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setApiError(null);
    setSubmitting(true);
    const ticket = validating.begin();
    const check = await validatePhone(phone, region, dialCode, loadParser, clock);
    if (!mounted.current) return;
    // The number changed while it was being checked: the answer is about another number.
    if (!validating.isCurrent(ticket)) {
      setSubmitting(false);
      return;
    }
    if (check.kind === 'invalid') {
      setInvalid(true);
      setSubmitting(false);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    try {
      // docs/reference/sdk.md#send-variants: signed in, the number is added to the user through the secondary send.
      // The code screen's chunk is awaited too, so it renders (and takes focus) with the screen change.
      const [resp] = await Promise.all([sendOtp(client, channel, check.e164, otpSendOptions(config)), codeScreenReady()]);
      emit(otpSentEvent(channel, resp, check.e164, false));
      dispatch({ type: 'otp_sent', otpType: channel, methodId: resp.method_id, destination: check.e164 });
    } catch (err) {
      const message = reportError(err);
      if (!mounted.current) return;
      setApiError(message);
      setSubmitting(false);
      inputRef.current?.focus();
    }
  };

  const message = invalid ? strings['phone.invalid'] : apiError;
  return (
    <form className="ae-form" onSubmit={onSubmit} noValidate>
      <div className="ae-phone-row">
        <div className="ae-field ae-country">
          <label className="ae-label" part="label" htmlFor={countryId}>
            {strings['phone.countryLabel']}
          </label>
          <CountryCombobox id={countryId} options={options} value={region} onChange={onRegionChange} locale={locale} />
        </div>
        <div className="ae-field ae-phone">
          <label className="ae-label" part="label" htmlFor={inputId}>
            {strings['phone.label']}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="ae-input"
            part="input phone-input"
            type="tel"
            name="phone"
            inputMode="tel"
            // A phone number is written left to right in every language, Arabic included (issue 19).
            dir="ltr"
            autoComplete="tel"
            required
            placeholder={strings['phone.placeholder']}
            value={phone}
            aria-invalid={invalid ? 'true' : undefined}
            aria-describedby={message ? errorId : undefined}
            data-autofocus=""
            onChange={onPhoneChange}
          />
        </div>
      </div>
      {/* Always in the tree so the live region exists before its text arrives. */}
      <div id={errorId} className="ae-error" part="error field-error" aria-live="polite">
        {message}
      </div>
      <Button type="submit" busy={submitting}>
        {strings['button.continue']}
      </Button>
    </form>
  );
}

/** The Text tab's form (docs/reference/methods/otps.md#screens "Text and WhatsApp"). */
export const SmsOTPForm = () => <PhoneOTPForm channel="sms" />;
/** The WhatsApp tab's form. */
export const WhatsAppOTPForm = () => <PhoneOTPForm channel="whatsapp" />;
