/** What a security analysis says of a token contract, as the Data API reports it with ERC-20 transfers and balances. */
import { upstreamEnum } from '../common/enums.js';

export const TokenReputation = upstreamEnum('TokenReputation', {
  description: 'What a security analysis of a token contract concluded.',
  values: {
    Benign: 'Likely safe.',
    Malicious: 'Shows signs of a scam or attack (spam airdrops, drainers).',
  },
  unknown: 'A verdict this gateway does not know yet.',
});
