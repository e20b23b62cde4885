/**
 * The trader's main screens at 390 px in the second five languages of the picker: helpers/language-fit.ts
 * (docs/decisions/0064-staff-desk-and-language-fit.md), split in two files so both browser workers
 * share the walk (docs/decisions/0069-e2e-speed.md).
 */
import { describeLanguageFit } from './helpers/language-fit.js';

describeLanguageFit(1);
