// Placeholder until the Swift emitter writes the real files.
