// The API's language-neutral vocabulary → catalogue keys. The API never accepts
// translated values: forms send these codes and show t(KEY[code]). Each key is a literal
// here, so the catalogue test finds it.

export const RULESETS = { "3d6": "ruleset.3d6", matrix: "ruleset.matrix", d20: "ruleset.d20" };

export const ROLES = { storyteller: "role.storyteller", player: "role.player", spectator: "role.spectator" };

export const VISIBILITY = {
  public: "visibility.public",
  storyteller: "visibility.storyteller",
  blind: "visibility.blind",
  private: "visibility.private",
};

// 3d6: difficulties 1..4 and outcomes (docs/rules.md).
export const DIFFICULTY_3D6 = {
  1: "3d6.difficulty.easy",
  2: "3d6.difficulty.medium",
  3: "3d6.difficulty.hard",
  4: "3d6.difficulty.legendary",
};
export const OUTCOME_3D6 = {
  success: "3d6.outcome.success",
  partial: "3d6.outcome.partial",
  botch: "3d6.outcome.botch",
  open: "3d6.outcome.open",
  fail: "3d6.outcome.fail",
  complication: "3d6.outcome.complication",
};
export const REROLL_SOURCES = { item: "3d6.source.item", gift: "3d6.source.gift", storyteller: "3d6.source.storyteller" };

// matrix: rows, columns, the twelve stats (row × column), counters, states.
export const MATRIX_ROWS = { body: "matrix.row.body", mind: "matrix.row.mind", soul: "matrix.row.soul" };
export const MATRIX_COLUMNS = {
  power: "matrix.column.power",
  resistance: "matrix.column.resistance",
  maneuver: "matrix.column.maneuver",
  precision: "matrix.column.precision",
};
export const MATRIX_STATS = {
  strength: "matrix.stat.strength",
  endurance: "matrix.stat.endurance",
  agility: "matrix.stat.agility",
  dexterity: "matrix.stat.dexterity",
  memory: "matrix.stat.memory",
  concentration: "matrix.stat.concentration",
  intelligence: "matrix.stat.intelligence",
  perception: "matrix.stat.perception",
  faith: "matrix.stat.faith",
  morale: "matrix.stat.morale",
  persuasion: "matrix.stat.persuasion",
  empathy: "matrix.stat.empathy",
};
export const MATRIX_COUNTERS = {
  fatigue: "matrix.counter.fatigue",
  mortality: "matrix.counter.mortality",
  madness: "matrix.counter.madness",
};
export const MATRIX_STATES = {
  unconscious: "matrix.state.unconscious",
  dead: "matrix.state.dead",
  panicked: "matrix.state.panicked",
};

// d20: abilities and the named difficulties.
export const D20_ABILITIES = {
  str: "d20.ability.str",
  dex: "d20.ability.dex",
  con: "d20.ability.con",
  wis: "d20.ability.wis",
  cha: "d20.ability.cha",
  int: "d20.ability.int",
};
export const D20_DIFFICULTIES = {
  9: "d20.difficulty.easy",
  12: "d20.difficulty.medium",
  15: "d20.difficulty.hard",
  18: "d20.difficulty.extreme",
};
export const D20_CRITICAL = { success: "d20.critical.success", failure: "d20.critical.failure" };

/** The catalogue key of a code in a table, or null (unknown codes are shown as they are). */
export function termKey(table, code) {
  return Object.prototype.hasOwnProperty.call(table, code) ? table[code] : null;
}
