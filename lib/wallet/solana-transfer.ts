import { Buffer } from 'buffer';
import { PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ASSOCIATED_TOKEN_PROGRAM = new PublicKey('ATokenGPvbd2d4ErFTVmmm6kgR4K8YbLtA4EmLzrUnN');

/** The owner's associated token account for a mint (where wallets keep, and send, that token). */
export function associatedTokenAccount(owner: PublicKey, mint: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync(
    [owner.toBuffer(), TOKEN_PROGRAM.toBuffer(), mint.toBuffer()],
    ASSOCIATED_TOKEN_PROGRAM,
  )[0];
}

/**
 * A transfer of `units` (on-chain units) from `from` to the deposit address `to`: lamports for
 * SOL; for a token (its mint given), the SPL Token program's TransferChecked between the two
 * associated accounts, the recipient's created first if it has none (the idempotent instruction).
 * Built by hand: two instructions do not earn the @solana/spl-token package. (Buffer from the
 * `buffer` package: web3.js takes its instances, and the browser has no global one.)
 */
export function solanaTransfer(options: {
  from: PublicKey;
  to: PublicKey;
  units: bigint;
  mint: PublicKey | null;
  decimals: number;
}): Transaction {
  const { from, to, units, mint, decimals } = options;
  if (!mint) {
    return new Transaction().add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: units }),
    );
  }
  const source = associatedTokenAccount(from, mint);
  const destination = associatedTokenAccount(to, mint);
  const createDestination = new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM,
    keys: [
      { pubkey: from, isSigner: true, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: to, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: TOKEN_PROGRAM, isSigner: false, isWritable: false },
    ],
    // CreateIdempotent: nothing happens when the account exists.
    data: Buffer.from([1]),
  });
  // TransferChecked (12): the amount as a little-endian u64, then the mint's decimals.
  const data = Buffer.alloc(10);
  data.writeUInt8(12, 0);
  data.writeBigUInt64LE(units, 1);
  data.writeUInt8(decimals, 9);
  const transfer = new TransactionInstruction({
    programId: TOKEN_PROGRAM,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: from, isSigner: true, isWritable: false },
    ],
    data,
  });
  return new Transaction().add(createDestination, transfer);
}
