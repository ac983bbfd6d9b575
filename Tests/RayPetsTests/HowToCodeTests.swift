import Navigation
import NavigationTesting
import RayPets
import Testing

@MainActor
@Suite("How to code (Learn tab)")
struct HowToCodeTests {
    @Test("a later launch starts on the tabs, Clinic first, once, however often it is activated")
    func startsOnTabs() {
        let app = AppHarness()
        #expect(app.window.sections == [.tabs])
        #expect(app.tabs.selectedTab == .clinic)
        #expect(app.clinicHost.pages.map(\.route) == [.home])
        #expect(app.learnHost.pages.map(\.route) == [.learn])
        #expect(app.clinicHost.title == "RayPets")
        #expect(!app.clinicHost.showsBackButton)
        app.app.start()
        #expect(app.clinicHost.pages.count == 1, "a second activation must not add a second Home")
        #expect(app.window.presentCount == 2)
        #expect(app.app.children.count == 2)
        #expect(app.live.trackedCount == AppHarness.permanentObjects)
    }

    @Test("four steps with their titles, texts and coloured Next buttons, then Start over back to Learn")
    func walkThrough() throws {
        let app = AppHarness()
        app.tapTab(.learn)
        app.tapAction()
        #expect(app.learn.children.count == 1)
        let expected: [(String, ActionStyle)] = [
            ("I wake up", .red), ("I go out", .orange), ("500 lines", .green), ("Ship it!", .blue),
        ]
        for (index, (title, colour)) in expected.enumerated() {
            let step = HowToCodeStep.allCases[index]
            #expect(app.topRoute == .howToCode(step))
            let model = try #require(app.learnHost.topModel(as: MessageModel.self))
            #expect(model.title == title)
            #expect(model.actionTitle == "Next")
            #expect(model.actionStyle == colour)
            #expect(model.actionStyle.cssClass == "step-\(colour.rawValue)")
            #expect(!model.message.isEmpty)
            #expect(app.learnHost.showsBackButton)
            app.tapAction()
        }
        #expect(app.topRoute == .startOver)
        #expect(app.learnHost.pages.count == 6)
        app.tapAction()
        #expect(app.learnHost.pages.map(\.route) == [.learn])
        #expect(app.learn.children.isEmpty)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
        #expect(app.live.trackedCount == AppHarness.permanentObjects + 1 + 5, "the flow and its five pages")
    }

    @Test("Back goes back one step at a time, and out of the flow from the first step", arguments: 1...5)
    func backFromEveryDepth(depth: Int) {
        let app = AppHarness()
        app.tapTab(.learn)
        app.tapAction()
        for _ in 1..<depth { app.tapAction() }
        #expect(app.learnHost.pages.count == depth + 1)
        for remaining in stride(from: depth, through: 1, by: -1) {
            #expect(app.learn.children.count == 1)
            app.tapBack()
            #expect(app.learnHost.pages.count == remaining)
        }
        #expect(app.topRoute == .learn)
        #expect(app.learn.children.count == 1 && app.learnHost.forwardPages.count == depth, "kept for Forward")
        app.dropForward()
        #expect(app.learn.children.isEmpty)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
        app.tapBack()
        #expect(app.topRoute == .learn, "Back on the tab's root does nothing")
    }

    @Test("Next pressed twice on one step pushes one page")
    func doubleNext() throws {
        let app = AppHarness()
        app.tapTab(.learn)
        app.tapAction()
        let first = try #require(app.learnHost.topModel(as: MessageModel.self))
        first.performAction()
        first.performAction()
        #expect(app.learnHost.pages.map(\.route) == [.learn, .howToCode(.wakeUp), .howToCode(.goOut)])
    }

    @Test("How to code pressed twice starts one flow")
    func doubleStart() throws {
        let app = AppHarness()
        app.tapTab(.learn)
        let learn = try #require(app.learnHost.topModel(as: MessageModel.self))
        learn.performAction()
        learn.performAction()
        #expect(app.learn.children.count == 1)
        #expect(app.learnHost.pages.count == 2)
    }
}
