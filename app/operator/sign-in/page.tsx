import { StaffSignInForm } from '@/components/operator/sign-in-form';

export default function StaffSignInPage() {
  return <StaffSignInForm />;
}
