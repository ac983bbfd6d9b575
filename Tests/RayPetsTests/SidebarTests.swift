import Navigation
import NavigationTesting
import RayPets
import Testing

/// The My pets list as a sidebar: every control on it works while a pet's page is beside it.
@MainActor
@Suite("My pets as a sidebar: its controls work beside a pet's page")
struct SidebarTests {
    /// The app in a wide window with My pets open and the first pet's page beside it.
    private func wideWithPet() async -> AppHarness {
        let app = AppHarness()
        app.tabHost.resize(to: 1200)
        app.tapMyPets()
        await app.choosePet(at: 0)
        return app
    }

    private func list(_ app: AppHarness) -> PetListModel {
        app.clinicHost.pages.compactMap { $0.model as? PetListModel }.first!
    }

    @Test("Add pet beside a pet's page opens the editor in its place")
    func addBesideDetail() async {
        let app = await wideWithPet()
        #expect(app.clinicHost.presentation.panes?.shownContent?.route == .petDetail(ClinicDatabase.samplePets[0].id))
        list(app).add()
        await app.settle()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .addPet])
        #expect(app.clinicHost.presentation.panes?.shownContent?.route == .addPet)
    }

    @Test("Add pet beside an editor with unsaved changes asks nothing; the changes wait for Rex's next editor")
    func addShelvesTheChanges() async {
        let app = await wideWithPet()
        app.model(PetDetailsModel.self).edit()
        app.model(PetEditorModel.self).set(.name, to: "Rexy")
        list(app).add()
        await app.settle()
        #expect(app.question == nil)
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .addPet])
        #expect(app.services.questions.drafts.map(\.route) == [.editPet("rex")])
        list(app).select(at: 0)
        await app.settle()
        app.model(PetDetailsModel.self).edit()
        #expect(app.model(PetEditorModel.self).draft.name == "Rexy" && app.model(PetEditorModel.self).offersDiscard)
    }

    @Test("Add pet beside a new pet's editor keeps that editor and what was typed in it")
    func addBesideNewEditor() async {
        let app = await wideWithPet()
        list(app).add()
        await app.settle()
        app.model(PetEditorModel.self).set(.name, to: "Nibbles")
        let editor = app.clinicHost.topPage?.id
        list(app).add()
        await app.settle()
        #expect(app.question == nil, "nothing to ask: the same editor stays")
        #expect(app.clinicHost.topPage?.id == editor)
        #expect(app.model(PetEditorModel.self).draft.name == "Nibbles")
    }

    @Test("choosing another pet beside a pet's page replaces it")
    func chooseBesideDetail() async {
        let app = await wideWithPet()
        list(app).select(at: 1)
        await app.settle()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail(ClinicDatabase.samplePets[1].id)])
    }

    @Test("on a narrow window the list is under the pet's page: its controls do nothing")
    func narrowListIsNotShown() async {
        let app = await wideWithPet()
        app.tabHost.resize(to: 400)
        list(app).add()
        await app.settle()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail(ClinicDatabase.samplePets[0].id)])
    }
}
