import Navigation
import NavigationTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A one-page flow shown on an alert's router, as an app's question is.
@MainActor
private final class QuestionFlow: FlowCoordinator<TestRoute> {
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.a, model: TitledModel("Discard?"), animated: animated, onDismissed: onDismissed)
    }
}

@MainActor
@Suite("A router that records nothing is named")
struct UnrecordedRouterTests {
    @Test("round 3, row 15: an alert's router without a journal place, under a flow that records, is named once")
    func alertRouterNamed() {
        let (stack, _) = makeStack()
        let (alerts, alertHost) = makeModal()
        let journal = NavigationJournal()
        stack.journalPlace = JournalPlace(journal: journal, window: 1, router: "main")
        let parent = ParentFlow(router: stack)
        parent.present(animated: false, onDismissed: nil)
        parent.presentChild(QuestionFlow(router: alerts), animated: false)
        let name = "ModalRouter<TestRoute> (QuestionFlow, started on window 1's \"main\")"
        #expect(journal.unrecordedRouters == [name])
        alertHost.tapClose()
        parent.presentChild(QuestionFlow(router: alerts), animated: false)
        #expect(journal.unrecordedRouters == [name], "each router once")
    }

    @Test("a router with its journal place, or a flow whose parent records nothing, is not named")
    func recordingRoutersNotNamed() {
        let (stack, _) = makeStack()
        let (alerts, _) = makeModal()
        let journal = NavigationJournal()
        stack.journalPlace = JournalPlace(journal: journal, window: nil, router: "main")
        alerts.journalPlace = JournalPlace(journal: journal, window: nil, router: "alert")
        let parent = ParentFlow(router: stack)
        parent.present(animated: false, onDismissed: nil)
        parent.presentChild(QuestionFlow(router: alerts), animated: false)
        parent.presentChild(TwoPageFlow(router: stack), animated: false)  // the parent's own router
        #expect(journal.unrecordedRouters.isEmpty)
        #expect(journal.events.contains { $0.router == "alert" }, "the alert's page is recorded")
    }

    #if DEBUG
        @Test("a debug build writes the name to standard error when it is first seen")
        func warningWritten() throws {
            let (stack, _) = makeStack()
            let (alerts, _) = makeModal()
            stack.journalPlace = JournalPlace(journal: NavigationJournal(), window: 2, router: "dialog")
            let parent = ParentFlow(router: stack)
            parent.present(animated: false, onDismissed: nil)
            let written = try standardError {
                parent.presentChild(QuestionFlow(router: alerts), animated: false)
            }
            #expect(
                written.contains(
                    "Navigation: warning: ModalRouter<TestRoute> (QuestionFlow, started on window 2's \"dialog\") "
                        + "records nothing"), "\(written)")
        }

        /// What `body` wrote to standard error (file descriptor 2, through a pipe meanwhile).
        private func standardError(_ body: () -> Void) throws -> String {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            let saved = dup(2)
            dup2(ends[1], 2)
            body()
            dup2(saved, 2)
            close(saved)
            close(ends[1])
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(ends[0], &chunk, chunk.count)
                if count <= 0 { break }
                bytes += chunk[0..<count]
            }
            close(ends[0])
            return String(decoding: bytes, as: UTF8.self)
        }
    #endif
}
