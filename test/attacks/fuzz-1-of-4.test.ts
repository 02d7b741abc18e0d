/** Part 1 of the route fuzzer (test/attacks/fuzz.ts): a quarter of the routes, so the runner spreads the work. */
import { fuzzSuite } from './fuzz.ts';

fuzzSuite({ k: 1, of: 4 });
