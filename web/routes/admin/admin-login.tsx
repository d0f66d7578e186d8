import { type FormEvent, useState } from "react";
import { adminLogin, errorDetail } from "#web/lib/queries/admin-pages.ts";
import { toast } from "#web/ui/toast.tsx";
import "./admin-login.css";

/** The Username the admin login form is prefilled with (the configured default admin login). */
const defaultAdminUsername = "admin";

export function AdminLogin() {
  const [username, setUsername] = useState(defaultAdminUsername);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username || !password) return;
    setBusy(true);
    try {
      await adminLogin(username, password);
      window.location.reload();
    } catch (error) {
      setBusy(false);
      toast({
        title: "Login failed",
        description: errorDetail(error) || "Invalid username or password",
        variant: "destructive",
      });
    }
  }

  return (
    <section className="admin-screen admin-login">
      <form className="admin-card" onSubmit={submit} aria-labelledby="admin-login-heading">
        <h1 id="admin-login-heading">Admin Login</h1>
        <div className="admin-field">
          <label htmlFor="admin-username">Username</label>
          <input
            id="admin-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="admin-button" disabled={busy} aria-busy={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </form>
    </section>
  );
}
