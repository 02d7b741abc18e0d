/** Launch options of the test Chromium (see chromium.mjs). */
export declare const chromiumLaunchOptions: {
  executablePath: string;
  headless: boolean;
  args: string[];
};
