/**
 * The Solana transfers Phantom is asked to sign: lamports for SOL; for a token, the idempotent
 * creation of the recipient's associated account, then TransferChecked between the associated
 * accounts (instruction 12: u64 amount, little-endian, then the mint's decimals).
 */
import { PublicKey, SystemInstruction, SystemProgram } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { associatedTokenAccount, solanaTransfer } from '@/lib/wallet/solana-transfer';

const key = () => new PublicKey(nacl.sign.keyPair().publicKey);
const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ASSOCIATED = 'ATokenGPvbd2d4ErFTVmmm6kgR4K8YbLtA4EmLzrUnN';

describe('solanaTransfer', () => {
  it('sends SOL as one System Program transfer of the exact lamports', () => {
    const from = key();
    const to = key();
    const tx = solanaTransfer({ from, to, units: BigInt(1_500_000_001), mint: null, decimals: 9 });
    expect(tx.instructions).toHaveLength(1);
    expect(SystemInstruction.decodeTransfer(tx.instructions[0]!)).toEqual({
      fromPubkey: from,
      toPubkey: to,
      lamports: BigInt(1_500_000_001),
    });
  });

  it('sends a token between associated accounts, creating the recipient’s if it has none', () => {
    const from = key();
    const to = key();
    const units = BigInt('18446744073709551615'); // the largest u64: no precision lost
    const [create, transfer] = solanaTransfer({
      from,
      to,
      units,
      mint: USDC,
      decimals: 6,
    }).instructions;
    const source = associatedTokenAccount(from, USDC);
    const destination = associatedTokenAccount(to, USDC);
    expect(source.equals(destination)).toBe(false);
    // Off the ed25519 curve: a program-derived address, not anyone's key.
    expect(PublicKey.isOnCurve(destination.toBytes())).toBe(false);

    expect(create!.programId.toBase58()).toBe(ASSOCIATED);
    expect([...create!.data]).toEqual([1]);
    expect(create!.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual([
      [from.toBase58(), true, true],
      [destination.toBase58(), false, true],
      [to.toBase58(), false, false],
      [USDC.toBase58(), false, false],
      [SystemProgram.programId.toBase58(), false, false],
      [TOKEN, false, false],
    ]);

    expect(transfer!.programId.toBase58()).toBe(TOKEN);
    expect([...transfer!.data]).toEqual([12, 255, 255, 255, 255, 255, 255, 255, 255, 6]);
    expect(transfer!.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual([
      [source.toBase58(), false, true],
      [USDC.toBase58(), false, false],
      [destination.toBase58(), false, true],
      [from.toBase58(), true, false],
    ]);
  });
});
