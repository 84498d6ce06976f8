/** Wire shapes of the Data API's interchain-message (ICM, Teleporter) endpoints. */

export interface WireIcmReceipt {
  /** Decimal nonce of the message this receipt acknowledges. */
  receivedMessageNonce: string;
  relayerRewardAddress: string;
}

export interface WireIcmRewardDetails {
  /** ERC-20 contract of the fee, on the source chain. */
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  ercType: 'ERC-20' | (string & {});
  price?: { currencyCode: string; value: number };
  /** Decimal amount in the token's smallest unit. */
  value: string;
}

export interface WireIcmSourceTransaction {
  txHash: string;
  /** Unix seconds. */
  timestamp: number;
  gasSpent: string;
}

export interface WireIcmDestinationTransaction extends WireIcmSourceTransaction {
  rewardRedeemer: string;
  delivererAddress: string;
}

/** Values of `status`; the service may add more. */
export type WireIcmMessageStatus = 'pending' | 'delivered' | 'delivered_source_not_indexed' | (string & {});

/**
 * One message. The service sends three variants told apart by `status`: `pending` (no destination
 * transaction), `delivered` (both), `delivered_source_not_indexed` (no source transaction).
 */
export interface WireIcmMessage {
  messageId: string;
  icmContractAddress: string;
  sourceBlockchainId: string;
  destinationBlockchainId: string;
  sourceEvmChainId: string;
  destinationEvmChainId: string;
  messageNonce: string;
  from: string;
  to: string;
  data?: string;
  messageExecuted: boolean;
  receipts: WireIcmReceipt[];
  receiptDelivered: boolean;
  rewardDetails: WireIcmRewardDetails;
  sourceTransaction?: WireIcmSourceTransaction;
  destinationTransaction?: WireIcmDestinationTransaction;
  status: WireIcmMessageStatus;
}

export interface WireListIcmMessagesResponse {
  nextPageToken?: string;
  messages: WireIcmMessage[];
}
