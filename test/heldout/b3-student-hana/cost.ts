// Hana's unit table (contract §4).
export const COST = {
  requirement: 3,
  summary: 5,
  user: 4,
  assistant: 4,
  textBlock: 2,
  toolCall: 6,
  result: 7,
  jsonNull: 1,
  jsonTrue: 5,
  jsonFalse: 6,
  jsonString: 1,
  jsonContainer: 2,
  jsonEntry: 1,
} as const;
