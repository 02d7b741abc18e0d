// The Next.js host of auth-elements/server (demo/hosts/next.e2e.test.ts builds and starts it).
// NEXT_DIST_DIR: the test builds into a folder of its own, outside the repository.
/** @type {import('next').NextConfig} */
const config = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
};
export default config;
