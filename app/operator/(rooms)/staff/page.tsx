import { StaffRoom } from '@/components/operator/staff/staff-room';

/** Back-office accounts: create, change a role, reset an authenticator, disable. */
export default function StaffPage() {
  return <StaffRoom />;
}
