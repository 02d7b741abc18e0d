/** The headless client entry (`auth-elements/client`): every SDK call, no UI, no React. */
export * from '../sdk-core/index.ts';
