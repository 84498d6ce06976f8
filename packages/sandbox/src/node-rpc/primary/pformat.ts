/** The `json` encoding of P-Chain transactions and Banff blocks, per transaction type. */
import { bytesToHex, cb58Decode } from '@avalanche-graph/identity';
import { EMPTY_ID } from '../../world/primary/index.js';
import type { BlsSigner, PBlock, PrimaryNetwork, PTx, RewardOwner } from '../../world/primary/index.js';
import { TxFormatter } from './format.js';

function signerJson(signer: BlsSigner | undefined): Record<string, unknown> {
  return signer ? { publicKey: bytesToHex(signer.publicKey), proofOfPossession: bytesToHex(signer.proofOfPossession) } : {};
}

export class PTxFormatter {
  private readonly fmt: TxFormatter;

  constructor(private readonly net: PrimaryNetwork) {
    this.fmt = new TxFormatter(net, 'P');
  }

  private owner(owner: RewardOwner): Record<string, unknown> {
    return this.fmt.owners(owner);
  }

  unsignedTx(tx: PTx): Record<string, unknown> {
    if (tx.type === 'RewardValidatorTx') return { txID: tx.rewardedTxId };
    const base = this.fmt.baseTx(tx.outputs, tx.inputs);
    const subnetAuthorization = { signatureIndices: [0] };
    switch (tx.type) {
      case 'BaseTx':
        return base;
      case 'ImportTx':
        return { ...base, sourceChain: tx.sourceChain, importedInputs: (tx.importedInputs ?? []).map((i) => this.fmt.transferableInput(i)) };
      case 'AddPermissionlessValidatorTx': {
        const v = tx.validation!;
        return {
          ...base,
          validator: { nodeID: v.nodeId, start: v.start, end: v.end, weight: Number(v.stake) },
          subnetID: EMPTY_ID,
          signer: signerJson(v.signer),
          stake: (tx.stake ?? []).map((o) => this.fmt.transferableOutput(o)),
          validationRewardsOwner: this.owner(v.validationRewardOwner),
          delegationRewardsOwner: this.owner(v.delegationRewardOwner),
          shares: v.shares,
        };
      }
      case 'AddPermissionlessDelegatorTx': {
        const d = tx.delegation!;
        return {
          ...base,
          validator: { nodeID: d.nodeId, start: d.start, end: d.end, weight: Number(d.amount) },
          subnetID: EMPTY_ID,
          stake: (tx.stake ?? []).map((o) => this.fmt.transferableOutput(o)),
          rewardsOwner: this.owner(d.rewardOwner),
        };
      }
      case 'CreateSubnetTx':
        return { ...base, owner: this.owner(tx.subnetOwner!) };
      case 'CreateChainTx': {
        const chain = tx.chain!;
        const genesis = typeof chain.genesis === 'string' ? chain.genesis : bytesToHex(new TextEncoder().encode(JSON.stringify(chain.genesis)));
        return { ...base, subnetID: chain.subnetId, chainName: chain.name, vmID: chain.vmId, fxIDs: [], genesisData: genesis, subnetAuthorization };
      }
      case 'ConvertSubnetToL1Tx':
        return {
          ...base,
          subnetID: tx.subnetId,
          chainID: tx.chain!.id,
          address: bytesToHex(cb58Decode(tx.chain!.id)!.subarray(0, 20)),
          validators: (tx.l1Validators ?? []).map((v) => ({
            nodeID: bytesToHex(cb58Decode(v.nodeId.slice('NodeID-'.length))!),
            weight: Number(v.weight),
            balance: Number(v.balance),
            signer: { publicKey: bytesToHex(v.publicKey), proofOfPossession: bytesToHex(new Uint8Array(96)) },
            remainingBalanceOwner: { addresses: v.remainingBalanceOwner.addrs.map((a) => this.fmt.address(a)), threshold: v.remainingBalanceOwner.threshold },
            deactivationOwner: { addresses: v.deactivationOwner.addrs.map((a) => this.fmt.address(a)), threshold: v.deactivationOwner.threshold },
          })),
          subnetAuthorization,
        };
    }
  }

  tx(tx: PTx): Record<string, unknown> {
    return { unsignedTx: this.unsignedTx(tx), credentials: tx.signatures.map((sigs) => ({ signatures: sigs.map((s) => bytesToHex(s)) })), id: tx.id };
  }

  block(block: PBlock): Record<string, unknown> {
    return {
      time: block.time,
      parentID: block.parentId,
      height: block.height,
      txs: block.txIds.map((id) => this.tx(this.net.p.txsById.get(id)!)),
      id: block.id,
    };
  }
}
