/** Wire shapes of the Data API's signature aggregator. */

/** The body of `POST .../aggregateSignatures`: `message` or `justification` (hex) is required. */
export interface WireSignatureAggregatorRequest {
  message?: string;
  justification?: string;
  /** cb58 or hex; defaults upstream to the source chain's subnet. */
  signingSubnetId?: string;
  /** 0-100 upstream, default 67. */
  quorumPercentage?: number;
  /** Extra weight to try for; quorum + buffer <= 100. */
  quorumPercentageBuffer?: number;
  /** P-Chain height of the validator set; 0 or absent: the proposed height. */
  pChainHeight?: number;
}

export interface WireSignatureAggregationResponse {
  /** Hex of the signed warp message. */
  signedMessage: string;
}
