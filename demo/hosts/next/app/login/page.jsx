export default function Login() {
  return <main id="login">Sign in here</main>;
}
