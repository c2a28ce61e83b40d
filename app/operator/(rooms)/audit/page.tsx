import { AuditRoom } from '@/components/operator/audit/audit-room';

/** Every operator action, by actor, action, target and time, with before and after. */
export default function AuditPage() {
  return <AuditRoom />;
}
