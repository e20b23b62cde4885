/** Fuzzing the account group of routes (fuzz-harness.ts says what every route must withstand). */
import { describeFuzz } from './fuzz-harness.js';

describeFuzz('account');
