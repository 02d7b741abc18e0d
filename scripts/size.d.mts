/** Types of scripts/size.mjs for the tests that read its budgets. */
export declare const INTERACTIVE_BUDGET_GZIP: number;
export declare const EMAIL_SIGN_IN_BUDGET_GZIP: number;
export declare const EMAIL_SIGN_IN_REACT_HOST_BUDGET_GZIP: number;
export declare const CLIENT_CORE_BUDGET_GZIP: number;
export declare const EMAIL_SIGN_IN_MODULES: readonly RegExp[];
/** The files an email-passcode sign-in with the script tag loads. */
export declare function emailSignInFiles(entry?: string): string[];
