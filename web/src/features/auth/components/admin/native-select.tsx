// The select moved to components/ui, where the books screens use it too.
export { NativeSelect } from "@/components/ui/native-select";
