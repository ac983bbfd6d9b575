import Navigation
import NavigationTesting
import RayPets
import Testing

@MainActor
@Suite("My pets and Clinic info")
struct PetsTests {
    @Test("a page model is built from injected records")
    func viewModelUsesInjectedStore() {
        let data = makeData(pets: [Pet(id: "max", name: "Max", species: .bird, age: 1)])
        let model = PetListModel(title: "My pets", prompt: "", data: data)
        #expect(model.rows == [.init(id: "max", title: "Max", subtitle: "Bird, 1 year")])
        var chosen: [Pet.ID] = []
        model.onSelect = { chosen.append($0.id) }
        model.select(at: 0)
        model.select(at: 5)
        #expect(chosen == ["max"])
    }

    @Test("the app's flows use the store they were given")
    func appUsesInjectedStore() async {
        let app = AppHarness(pets: [Pet(id: "max", name: "Max", species: .bird, age: 1)])
        app.tapMyPets()
        #expect(app.model(PetListModel.self).rows.map(\.title) == ["Max"])
        await app.choosePet(at: 0)
        #expect(app.clinicHost.title == "Max")
        app.tapBack()
        app.tapBack()
        app.tapSchedule()
        #expect(app.model(PetListModel.self).rows.map(\.title) == ["Max"])
    }

    @Test("list -> detail: the detail is titled by the row; Back out releases the flow", arguments: 0..<4)
    func listToDetail(row: Int) async {
        let app = AppHarness()
        app.tapMyPets()
        #expect(app.topRoute == .pets)
        #expect(app.home.children.count == 1)
        let pet = ClinicDatabase.samplePets[row]
        await app.choosePet(at: row)
        #expect(app.topRoute == .petDetail(pet.id))
        #expect(app.clinicHost.title == pet.name)
        #expect(app.model(PetDetailsModel.self).rows.map(\.value) == [pet.species.title, pet.ageText()])
        app.tapBack()
        #expect(app.topRoute == .pets)
        #expect(app.home.children.count == 1, "still in the pets flow")
        app.tapBack()
        #expect(app.topRoute == .home)
        #expect(app.home.children.count == 1, "kept for Forward, flow and all")
        #expect(app.clinicHost.forwardPages.map(\.route) == [.pets, .petDetail(pet.id)])
        app.dropForward()
        #expect(app.home.children.isEmpty)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("Clinic info pushed on the tab: info -> opening hours -> Back -> Back releases it")
    func clinicInfoPushed() {
        let app = AppHarness()
        app.tapClinicInfo()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .clinicInfo])
        #expect(!app.dialogHost.isOpen)
        app.tapAction()
        #expect(app.topRoute == .openingHours)
        do {  // scoped: the test must not keep the page model alive itself
            let table = app.model(DetailsModel.self)
            #expect(table.rows.count == ClinicInfo.rayPets.openingHours.count)
            #expect(table.rows[0] == .init(label: "Monday to Thursday", value: "8:00 – 18:00"))
        }
        app.tapBack()
        app.tapBack()
        app.dropForward()
        #expect(app.home.children.isEmpty)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("the same Clinic info flow in a dialog, from a pet's details; Cancel releases it")
    func clinicInfoModal() async {
        let app = AppHarness()
        app.tapMyPets()
        await app.choosePet(at: 0)
        app.tapAction()  // "Clinic info" on Rex's details
        #expect(app.dialogHost.pages.map(\.route) == [.clinicInfo])
        #expect(app.clinicHost.topRoute == .petDetail("rex"), "the tab stays on Rex underneath")
        #expect(app.home.children.first?.children.count == 1, "the pets flow runs the dialog's flow")
        app.tapAction()
        #expect(app.dialogHost.pages.map(\.route) == [.clinicInfo, .openingHours])
        app.tapBack()
        #expect(app.dialogHost.topRoute == .clinicInfo)
        await app.tapCancel()
        #expect(!app.dialogHost.isOpen)
        #expect(app.home.children.first?.children.isEmpty == true)
        app.tapBack()
        app.tapBack()
        app.dropForward()
        #expect(app.home.children.isEmpty)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("the parent hears that a sub-flow finished exactly once, however it ended")
    func didFinishOnce() async {
        let app = AppHarness()
        let router = app.tabs.router(for: .clinic)
        var finished = 0
        // Back out of the first page.
        app.home.presentChild(ClinicInfoCoordinator(router: router, clinic: .rayPets), animated: true) { finished += 1 }
        app.tapBack()
        app.tapBack()
        #expect(finished == 0, "kept for Forward: not finished")
        app.dropForward()
        #expect(finished == 1)
        // Dismiss from code, twice.
        let flow = ClinicInfoCoordinator(router: router, clinic: .rayPets)
        app.home.presentChild(flow, animated: true) { finished += 1 }
        app.tapAction()
        flow.dismiss(animated: true)
        flow.dismiss(animated: true)
        #expect(finished == 2)
        // In a dialog: Cancel, then a closed window.
        app.home.presentChild(ClinicInfoCoordinator(router: app.dialogRouter, clinic: .rayPets), animated: true) {
            finished += 1
        }
        await app.tapCancel()
        app.home.presentChild(ClinicInfoCoordinator(router: app.dialogRouter, clinic: .rayPets), animated: true) {
            finished += 1
        }
        await app.closeDialogWindow()
        #expect(finished == 4)
        #expect(app.home.children.isEmpty)
    }

    @Test("the Learn tab keeps its own back stack while the Clinic tab is used")
    func tabsKeepStacks() async {
        let app = AppHarness()
        app.tapTab(.learn)
        app.tapAction()
        app.tapAction()
        #expect(app.learnHost.pages.map(\.route) == [.learn, .howToCode(.wakeUp), .howToCode(.goOut)])
        app.tapTab(.clinic)
        app.tapMyPets()
        await app.choosePet(at: 1)
        app.tapBack()
        app.tapBack()
        #expect(app.topRoute == .home)
        app.tapTab(.learn)
        #expect(app.topRoute == .howToCode(.goOut))
        app.tapBack()
        #expect(app.topRoute == .howToCode(.wakeUp))
    }
}

@MainActor
@Suite("Pet picker as a typed result")
struct PetPickerTests {
    @Test("coordinate(to: PetPickerCoordinator) gives the picked pet, and nil on Cancel")
    func pickedPetAndNilOnCancel() async {
        let host = InMemoryHost<AppRoute>()
        let dialog = ModalRouter(host: host)
        let parent = ClinicInfoCoordinator(router: dialog, clinic: .rayPets)  // any coordinator can start it
        let data = makeData()
        let questions = Questions(router: ModalRouter(host: InMemoryHost<AppRoute>()))

        let picks = parent.coordinate(to: PetPickerCoordinator(router: dialog, data: data, questions: questions))
        #expect(host.topRoute == .petPicker)
        let picked = Task.immediate { await picks.next() }
        await host.settle()
        host.topModel(as: PetListModel.self)?.select(at: 3)
        #expect(await picked.value?.id == ClinicDatabase.samplePets[3].id)
        dialog.dismiss(animated: false)
        #expect(parent.children.isEmpty)

        let cancels = parent.coordinate(to: PetPickerCoordinator(router: dialog, data: data, questions: questions))
        let cancelled = Task.immediate { await cancels.next() }
        await host.settle()
        host.tapClose()
        #expect(await cancelled.value == nil)
        #expect(parent.children.isEmpty)
    }
}
