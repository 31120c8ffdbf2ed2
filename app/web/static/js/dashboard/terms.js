// The rulesets' words on the dashboard, from the shell's tables of catalogue keys
// (rulesets.js): the API's codes are language-neutral, the page shows them translated.
import { t } from "../i18n.js";
import {
  D20_ABILITIES,
  MATRIX_COLUMNS,
  MATRIX_COUNTERS,
  MATRIX_ROWS,
  MATRIX_STATES,
  MATRIX_STATS,
  termKey,
} from "../rulesets.js";

const TABLES = {
  matrix: { row: MATRIX_ROWS, column: MATRIX_COLUMNS, counter: MATRIX_COUNTERS, state: MATRIX_STATES, stat: MATRIX_STATS },
  d20: { ability: D20_ABILITIES },
};

/** term("matrix", "counter", "fatigue") → « fatigue » / "fatigue"; unknown codes as is. */
export function term(ruleset, group, code) {
  const key = termKey(TABLES[ruleset]?.[group] ?? {}, code);
  return key ? t(key) : String(code);
}
