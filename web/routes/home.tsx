import { station } from "../../schema/station";

export function HomeScreen() {
  return (
    <section className="hero">
      <h1>{station.name}</h1>
      <p>{station.tagline}</p>
    </section>
  );
}
