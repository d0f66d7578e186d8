import { type FormEvent, useState } from "react";
import { station } from "#schema/station.ts";
import { stationLinks } from "#schema/station-links.ts";
import { serverMessage } from "../lib/api-errors";
import { useSendContactMessage } from "../lib/queries/contact";
import { ExternalIcon } from "../ui/content-icons";
import { Licences } from "../ui/licences";
import { usePageMeta } from "../ui/page-meta";
import { toast } from "../ui/toast";
import "./contact.css";

function ContactForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const send = useSendContactMessage();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // docs/product.md §5: name and message required, e-mail optional.
    if (!name.trim() || !message.trim()) {
      toast({ title: "Error", description: "Please fill in your name and message", variant: "destructive" });
      return;
    }
    send.mutate(
      { name, email, message },
      {
        onSuccess: () => {
          toast({ title: "Message sent! ✅", description: "We'll get back to you soon!" });
          setName("");
          setEmail("");
          setMessage("");
        },
        onError: (error) => {
          toast({
            title: "Failed to send message",
            description: serverMessage(error) ?? "Please try again later",
            variant: "destructive",
          });
        },
      },
    );
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <label className="field">
        <span>Name</span>
        <input
          name="name"
          autoComplete="name"
          aria-required="true"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Email</span>
        <input
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Message</span>
        <textarea
          name="message"
          rows={6}
          aria-required="true"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

export function ContactScreen() {
  usePageMeta("Contact", `Send ${station.name} a message, leave a review, or find us in radio directories.`);
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Contact</h1>
        <p className="lead">
          Song requests, feedback or business enquiries: we read every message. You can also e-mail{" "}
          <a href={`mailto:${station.contactEmail}`}>{station.contactEmail}</a>.
        </p>
      </header>
      <div className="two-columns">
        <ContactForm />
        <div className="stack">
          <section className="card">
            <h2>Leave a review</h2>
            <p>Enjoying the station? Tell other listeners.</p>
            <a
              className="button button-ghost"
              href={stationLinks.reviewUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Write a review <ExternalIcon />
            </a>
          </section>
          <section className="card">
            <h2>Licensing</h2>
            <Licences />
          </section>
          <section className="card">
            <h2>Find us in radio directories</h2>
            <ul className="link-list">
              {stationLinks.radioDirectories.map((directory) => (
                <li key={directory.name}>
                  <a href={directory.url} target="_blank" rel="noopener noreferrer">
                    {directory.name} <ExternalIcon />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
