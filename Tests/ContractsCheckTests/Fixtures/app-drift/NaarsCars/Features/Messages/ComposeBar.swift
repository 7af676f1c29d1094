import SwiftUI

/// The text field and send button under a conversation.
///
/// The message is trimmed before sending; an empty message keeps the button disabled.
struct ComposeBar: View {
    @Binding var text: String
    let onSend: (String) -> Void

    var body: some View {
        HStack {
            // Placeholder copy reviewed with the design team: "message" stays lowercase.
            TextField("Write a message…", text: $text, axis: .vertical)
                .textFieldStyle(.roundedBorder)
            Button("Send") {
                let message = text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !message.isEmpty else { return }
                onSend(message)
                text = ""
            }
            .disabled(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
        .padding(8)
    }
}
