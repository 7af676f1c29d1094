// Placeholder until the Swift emitter writes the golden files.
