/** Part 3 of the route fuzzer (test/attacks/fuzz.ts): a quarter of the routes, so the runner spreads the work. */
import { fuzzSuite } from './fuzz.ts';

fuzzSuite({ k: 3, of: 4 });
