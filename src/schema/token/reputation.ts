/** What a security analysis says of a token contract, as the Data API reports it with ERC-20 transfers and balances. */
import { builder } from '../../builder.js';

export const REPUTATIONS = ['Benign', 'Malicious'] as const;
export const TokenReputation = builder.enumType('TokenReputation', {
  description: 'What a security analysis of a token contract concluded.',
  values: {
    BENIGN: { value: 'Benign', description: 'Likely safe.' },
    MALICIOUS: { value: 'Malicious', description: 'Shows signs of a scam or attack (spam airdrops, drainers).' },
    UNKNOWN: { value: 'UNKNOWN', description: 'A verdict this gateway does not know yet.' },
  } as const,
});
