/** The YouTube IFrame API moved to the shared lib (the admin form's preview reads video lengths with it too). */
export * from "@/lib/youtube-api";
