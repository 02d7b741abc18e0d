/** The identity-provider texts (docs/reference/elements/auth-idp-consent.md#screens "Identity-provider screen", docs/reference/methods/idp.md#validation, docs/reference/methods/idp.md#errors IDP). Quoted reference texts are verbatim. */
import { IDP_FIRST_SCREEN_STRINGS } from './first-screen-strings.ts';

/** Default English texts of `<auth-idp-consent>`. */
export const IDP_STRINGS = {
  ...IDP_FIRST_SCREEN_STRINGS,
  'idp.redirecting': 'Redirecting...',
  'idp.titleStandard': 'Sign in to {clientName} with {projectName}',
  'idp.titleCustom': '{clientName} wants to access your {projectName} account',
  /** docs/reference/methods/idp.md#screens: the client name when neither the client nor the redirect URI names one. */
  'idp.fallbackClientName': 'The App',
  'idp.consentIntro': '{clientName} is asking to:',
  'idp.scopeOpenid': 'Verify your identity',
  'idp.scopeOpenidDetail': 'View information stored within your account',
  'idp.scopeProfile': 'View your personal profile information',
  'idp.scopeProfileDetail': 'Name, profile picture and language preferences',
  'idp.scopeEmailDetail': 'Email address',
  'idp.scopePhoneDetail': 'Phone number',
  'idp.scopeOfflineAccess': "Maintain access to your data even when you're not actively using the app",
  'idp.scopeOfflineAccessDetail': 'Access continues after you close {clientName}, until you remove it from your connected apps',
  'idp.scopeFullAccess': 'Full access to your {projectName} account',
  'idp.scopeOther': 'Use the {scope} scope',
  'idp.ungrantableWarning': 'You do not have permissions to grant {clientName} access to some of the requested scopes.',
  'idp.ungrantableTitle': "You cannot grant {clientName}'s request to:",
  'idp.allow': 'Allow',
  'idp.deny': 'Deny',
  'idp.missingParam': 'Required parameter is missing: {param}. Please reach out to the application developer.',
  'idp.noSession': 'No active session detected. Please log in to continue.',
  'idp.denied': 'Access to the application was denied.',
  'idp.trustedTokenNotVerified': 'Trusted auth token is not verified',
  'idp.successTitle': 'Success!',
  'idp.successText': 'You have successfully logged in.',
  'idp.logoutTitle': 'Log out?',
  'idp.logoutText': 'Do you want to log out of your {projectName} account?',
  'idp.logoutYes': 'Yes',
  'idp.logoutNo': 'No',
  'idp.logoutDenied': 'You have not been logged out. You may close this page.',
  'idp.logoAlt': 'Logo',
} as const;
