// The Next.js host of auth-elements/server (demo/hosts/next.e2e.test.ts builds and starts it).
// NEXT_DIST_DIR: the test builds into a folder of its own, outside the repository.
/** @type {import('next').NextConfig} */
const config = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // One build process: for an app of a few routes, webpack's build workers and the page-data workers cost
  // more than they save (measured with its test on 2 cores: about 4 s of CPU less, of 36).
  experimental: { webpackBuildWorker: false, cpus: 1 },
};
export default config;
